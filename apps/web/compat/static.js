// `react-dom/static` for the build's prerender (src/entry-server.tsx) on Preact: the page rendered
// with its lazy parts awaited, handed over as the stream React's `prerenderToNodeStream` gives.
import { Readable } from 'node:stream';
import { renderToStringAsync } from 'preact-render-to-string';

export async function prerenderToNodeStream(element, options = {}) {
  try {
    const html = await renderToStringAsync(element);
    return { prelude: Readable.from([Buffer.from(html, 'utf8')]) };
  } catch (error) {
    options.onError?.(error);
    return { prelude: Readable.from([]) };
  }
}
