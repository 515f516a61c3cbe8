/**
 * Incremental parser for server-sent events (the WHATWG event-stream format). Text arrives in arbitrary
 * chunks: a line, a CRLF pair or an event may be split across them. Comments and lines whose field is
 * unknown are ignored, as the format requires.
 */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

export interface SseParser {
  /** Feeds a chunk of text; returns the events it completed. */
  push(chunk: string): SseEvent[];
  /** The stream ended: returns a last event whose blank line never came. */
  end(): SseEvent[];
}

export function createSseParser(): SseParser {
  let buffer = '';
  let first = true;
  /** A chunk ended with CR: a LF at the start of the next one belongs to the same line break. */
  let pendingCr = false;
  let data: string[] = [];
  let event = '';
  let id: string | undefined;

  const dispatch = (out: SseEvent[]) => {
    if (data.length > 0)
      out.push({ event: event || 'message', data: data.join('\n'), ...(id !== undefined && { id }) });
    data = [];
    event = '';
  };

  const line = (text: string, out: SseEvent[]) => {
    if (text === '') return dispatch(out);
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
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
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i), out);
        if (c === '\r') {
          if (i + 1 === buffer.length) pendingCr = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
    end() {
      const out: SseEvent[] = [];
      // Deliberately lenient: a server that closes right after its last `data:` line still gets it through.
      if (buffer !== '') line(buffer, out);
      buffer = '';
      dispatch(out);
      return out;
    },
  };
}
