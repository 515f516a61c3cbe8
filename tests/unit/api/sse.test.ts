import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from '@/lib/api/sse';

/** Feeds the chunks one by one and collects every event, including those flushed at the end. */
function run(chunks: string[]): SseEvent[] {
  const parser = createSseParser();
  return [...chunks.flatMap((c) => parser.push(c)), ...parser.end()];
}

const datas = (events: SseEvent[]) => events.map((e) => e.data);

describe('SSE parser', () => {
  it('parses whole events', () => {
    expect(run(['data: {"a":1}\n\ndata: [DONE]\n\n'])).toEqual([
      { event: 'message', data: '{"a":1}' },
      { event: 'message', data: '[DONE]' },
    ]);
  });

  it('gives the same events whatever the chunk boundaries, including mid-line and mid-CRLF', () => {
    const text =
      'event: delta\r\ndata: {"x":"olá"}\r\n\r\ndata: linha 1\r\ndata: linha 2\r\n\r\ndata: [DONE]\r\n\r\n';
    const whole = run([text]);
    expect(whole).toEqual([
      { event: 'delta', data: '{"x":"olá"}' },
      { event: 'message', data: 'linha 1\nlinha 2' },
      { event: 'message', data: '[DONE]' },
    ]);
    for (let size = 1; size <= 7; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
      expect(run(chunks)).toEqual(whole);
    }
    // A CR at the very end of one chunk and its LF at the start of the next are one line break.
    expect(run(['data: a\r', '\ndata: b\r', '\n\r', '\n'])).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('joins multi-line data with newlines and accepts bare CR line endings', () => {
    expect(datas(run(['data: one\ndata:two\ndata\n\n']))).toEqual(['one\ntwo\n']);
    expect(datas(run(['data: a\rdata: b\r\r']))).toEqual(['a\nb']);
  });

  it('ignores comments, unknown fields and malformed lines', () => {
    const events = run([
      ': keep-alive\n',
      'garbage without colon\n',
      'foo: bar\n',
      'data: ok\n',
      'retry: 1000\n',
      '\n',
    ]);
    expect(events).toEqual([{ event: 'message', data: 'ok' }]);
    // An event made only of comments or malformed lines is not dispatched.
    expect(run([': only a comment\n\nnonsense\n\n'])).toEqual([]);
  });

  it('keeps the id, strips a leading BOM and only one space after the colon', () => {
    expect(run(['\uFEFFid: 7\ndata:  two spaces\n\n'])).toEqual([
      { event: 'message', data: ' two spaces', id: '7' },
    ]);
  });

  it('resets the event type after each dispatch', () => {
    expect(run(['event: a\ndata: 1\n\ndata: 2\n\n']).map((e) => e.event)).toEqual(['a', 'message']);
  });

  it('flushes a last event whose blank line never came', () => {
    expect(datas(run(['data: {"a":1}\n\n', 'data: [DONE]']))).toEqual(['{"a":1}', '[DONE]']);
    expect(run(['data: partial\n'])).toEqual([{ event: 'message', data: 'partial' }]);
  });

  it('returns events incrementally, as soon as their blank line arrives', () => {
    const parser = createSseParser();
    expect(parser.push('data: fir')).toEqual([]);
    expect(parser.push('st\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'message', data: 'first' }]);
    expect(parser.end()).toEqual([]);
  });
});
