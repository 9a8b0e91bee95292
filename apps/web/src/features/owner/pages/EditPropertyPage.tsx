/** /edit-property/{id}: the same screen as /add-property (spec §2); with an id it loads and edits. */
export { default } from './AddPropertyPage';
