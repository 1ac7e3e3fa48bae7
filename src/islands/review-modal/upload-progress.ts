// Upload progress for the review post. fetch() reports no upload progress, so the typed
// client (decision 009) is given an XMLHttpRequest-backed fetch for this one call: same
// paths, types and answer reading, plus progress events.

type FetchFn = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * How far each photo has gone, 0..1, from the bytes sent so far. A multipart body carries the
 * text fields first and the photos last, in order (postFields, then images): the bytes before
 * the photos and the parts' headers are small, so photo i is counted from where the photos
 * before it end, measured from the end of the body.
 */
export function photoProgress(loaded: number, total: number, sizes: readonly number[]): number[] {
  const photoBytes = sizes.reduce((sum, size) => sum + size, 0);
  let start = Math.max(0, total - photoBytes);
  return sizes.map((size) => {
    const done = size === 0 ? (loaded >= start ? 1 : 0) : (loaded - start) / size;
    start += size;
    return Math.min(1, Math.max(0, done));
  });
}

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(":");
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

export function fetchWithUploadProgress(onProgress: (loaded: number, total: number) => void): FetchFn {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = input instanceof Request ? input.url : String(input);
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? "GET", url);
      xhr.responseType = "blob";
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      };
      xhr.onload = () => {
        // A Response cannot carry a status outside 200..599 (0 is a network failure).
        if (xhr.status < 200) return reject(new TypeError("Network request failed"));
        resolve(new Response(xhr.response as Blob, { status: xhr.status, statusText: xhr.statusText, headers: headersOf(xhr.getAllResponseHeaders()) }));
      };
      xhr.onerror = () => reject(new TypeError("Network request failed"));
      xhr.ontimeout = () => reject(new DOMException("The upload timed out.", "TimeoutError"));
      const signal = init.signal;
      if (signal) {
        if (signal.aborted) return reject(signal.reason);
        signal.addEventListener("abort", () => {
          xhr.abort();
          reject(signal.reason);
        });
      }
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
