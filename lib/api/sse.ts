/**
 * Incremental parser for server-sent events (the WHATWG event-stream format). Text arrives in arbitrary
 * chunks: a line, a CRLF pair or an event may be split across them. Comments and lines whose field is
 * unknown are ignored, as the format requires.
 *
 * Bounded: each character is examined once, whatever the chunking (a line split over many chunks is kept as
 * pieces and joined once, when it ends), and a line or an event larger than its limit is not kept: the event
 * it belongs to is dispatched as `oversized`, without its data.
 */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
  /** A line or the data of this event passed the limits: its data was dropped. */
  oversized?: true;
}

export interface SseParser {
  /** Feeds a chunk of text; returns the events it completed. */
  push(chunk: string): SseEvent[];
  /** The stream ended: returns a last event whose blank line never came. */
  end(): SseEvent[];
  /** Characters examined so far: never more than the characters fed (linear time, whatever the chunks). */
  readonly scanned: number;
}

/** The longest line kept (UTF-16 units). A model API event is a few hundred. */
export const MAX_SSE_LINE = 64 * 1024;
/** The most data one event may carry. */
export const MAX_SSE_EVENT = 256 * 1024;

export interface SseLimits {
  line: number;
  event: number;
}

export function createSseParser(limits: SseLimits = { line: MAX_SSE_LINE, event: MAX_SSE_EVENT }): SseParser {
  let first = true;
  /** A chunk ended with CR: a LF at the start of the next one belongs to the same line break. */
  let pendingCr = false;
  /** Pieces of the line not ended yet, and their length. */
  let pieces: string[] = [];
  let pending = 0;
  let lineTooLong = false;
  let data: string[] = [];
  let dataSize = 0;
  let oversized = false;
  let event = '';
  let id: string | undefined;
  let scanned = 0;

  const dispatch = (out: SseEvent[]) => {
    const type = event || 'message';
    const withId = id !== undefined ? { id } : {};
    if (oversized) out.push({ event: type, data: '', ...withId, oversized: true });
    else if (data.length > 0) out.push({ event: type, data: data.join('\n'), ...withId });
    data = [];
    dataSize = 0;
    oversized = false;
    event = '';
  };

  const line = (text: string, out: SseEvent[]) => {
    if (text === '') return dispatch(out);
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') {
      dataSize += value.length + 1;
      if (dataSize > limits.event) {
        oversized = true;
        data = [];
      } else if (!oversized) data.push(value);
    } else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
  };

  const append = (piece: string) => {
    if (lineTooLong || piece === '') return;
    pending += piece.length;
    if (pending > limits.line) {
      lineTooLong = true;
      pieces = [];
    } else pieces.push(piece);
  };

  const endLine = (out: SseEvent[]) => {
    // A line too long to keep is lost, and so is the event it belonged to.
    if (lineTooLong) oversized = true;
    else line(pieces.length === 1 ? pieces[0]! : pieces.join(''), out);
    pieces = [];
    pending = 0;
    lineTooLong = false;
  };

  return {
    push(chunk) {
      const out: SseEvent[] = [];
      let text = chunk;
      if (first && text.length > 0) {
        if (text.startsWith('\uFEFF')) text = text.slice(1);
        first = false;
      }
      if (pendingCr && text.startsWith('\n')) text = text.slice(1);
      pendingCr = false;
      let start = 0;
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c !== 10 && c !== 13) continue;
        append(text.slice(start, i));
        endLine(out);
        if (c === 13) {
          if (i + 1 === text.length) pendingCr = true;
          else if (text.charCodeAt(i + 1) === 10) i++;
        }
        start = i + 1;
      }
      scanned += text.length;
      append(text.slice(start));
      return out;
    },
    end() {
      const out: SseEvent[] = [];
      // Deliberately lenient: a server that closes right after its last `data:` line still gets it through.
      if (pending > 0 || lineTooLong) endLine(out);
      dispatch(out);
      return out;
    },
    get scanned() {
      return scanned;
    },
  };
}
