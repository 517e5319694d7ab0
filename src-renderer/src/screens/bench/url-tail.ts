/**
 * A URL split before its last path segment, for a line too narrow to hold it all (docs/devices.md, "Encoding a
 * chip"): the head (scheme, host, the path's start) may be shortened with an ellipsis, the tail (the Label's serial,
 * a Digital Link's query) is always shown whole, since that is what tells one Label's URL from the next. `head + tail`
 * is the URL; a URL with no path segment is all head.
 */
export function urlTail(url: string): { head: string; tail: string } {
  const afterScheme = url.indexOf('//') >= 0 ? url.indexOf('//') + 2 : 0;
  const pathStart = url.indexOf('/', afterScheme);
  if (pathStart < 0) return { head: url, tail: '' };
  const query = url.slice(pathStart).search(/[?#]/);
  const path = (query < 0 ? url : url.slice(0, pathStart + query)).replace(/\/+$/, '');
  const cut = path.lastIndexOf('/');
  if (cut < pathStart) return { head: url, tail: '' };
  return { head: url.slice(0, cut + 1), tail: url.slice(cut + 1) };
}
