/**
 * The answer to a navigation without a network when even the shell is not on the device (the worker installed
 * while the link dropped): a plain page in both languages, never a browser error or an endless spinner.
 */
export function offlinePage(): Response {
  const html =
    '<!doctype html><html lang="ar" dir="rtl"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>منزل — Manzil</title><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.6">' +
    '<h1 style="font-size:1.25rem">لم تُحفظ هذه الصفحة على هذا الجهاز</h1><p>لا يوجد اتصال بالإنترنت. افتحها مرة أخرى عند عودة الاتصال.</p>' +
    '<div lang="en" dir="ltr"><h2 style="font-size:1.25rem">This page has not been saved on this device</h2><p>You are offline. Open it again when the connection is back.</p></div>' +
    '</body></html>';
  return new Response(html, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}
