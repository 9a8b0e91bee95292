/**
 * An administrator can show a hidden listing again (its report case then reads as dismissed): `unhide` joins the
 * admin actions recorded with who and when (migration 024).
 */
export const up = `
alter table admin_actions drop constraint if exists admin_actions_action_check;
alter table admin_actions add constraint admin_actions_action_check check (action in ('approve','reject','hide','dismiss','block','unblock','unhide'));
`;
