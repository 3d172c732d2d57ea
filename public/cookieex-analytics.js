/* global document, window */
// The /cookieex page's stand-in for an analytics tag: the cookie banner runs it only once the
// visitor accepts the analytics category. It sets an analytics cookie and tells the page it ran.
document.cookie = '_ga=GA1.1.example; path=/; max-age=3600; SameSite=Lax';
window.pdpaAnalyticsRan = true;
window.dispatchEvent(new CustomEvent('pdpa:analytics-ran'));
