/**
 * Meeting prep: how long reading a meeting takes (readMeeting + the external people, in Node on linkedom), on each
 * corpus page and on a generated week with a 200-guest bubble and 2,000 other events, beside a floor measured in
 * the same run (one walk over every element of the same document); and the size of the built web-mail reader
 * module that carries it, beside the other reader modules. Run: npm run bench -- meeting
 */
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parseHTML } from 'linkedom';
import { readMeeting } from '@/lib/extract/sites/calendar';
import { meetingPeople } from '@/lib/meeting/attendees';
import { sites } from '@/lib/extract/sites';
import { meetingCases, readMeetingPage } from '../fixtures/meetings/cases';
import { median, runWhenMain } from './stats';

const RUNS = 25;
const OUTPUT = fileURLToPath(new URL('../../.output/chrome-mv3', import.meta.url));

function timed(fn: () => unknown): number {
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    fn();
    ms.push(performance.now() - start);
  }
  return median(ms);
}

/** A week view with `events` other events and a bubble listing `guests` guests. */
function bigWeek(events: number, guests: number) {
  const chip = (i: number) =>
    `<div data-eventid="e${i}" data-dragsource-type="4" role="button"><div class="ynRLnc">10:00 até 11:00, Evento ${i}, Pessoa ${i}</div></div>`;
  const guest = (i: number) =>
    `<div class="toUqff" role="listitem" data-hovercard-id="pessoa.${String.fromCharCode(97 + (i % 26))}${i}@empresa${i % 7}.com.br"><div class="jPtXgd"></div><span class="YsZq6e">pessoa.${i}@empresa${i % 7}.com.br</span></div>`;
  return `<html><body><header><a aria-label="Conta do Google: Bia (bia@acme.com.br)" href="#"></a></header>
    <div role="main">${Array.from({ length: events }, (_, i) => chip(i)).join('')}</div>
    <div role="dialog"><span role="heading">Evento grande</span><div>quinta ⋅ 10:00 – 11:00</div>
    <div class="Rzij1d">${Array.from({ length: guests }, (_, i) => guest(i)).join('')}</div></div></body></html>`;
}

export async function run(): Promise<string> {
  const lines: string[] = [];
  const row = (name: string, html: string, url: string) => {
    const doc = parseHTML(html).document as unknown as Document;
    const u = new URL(url);
    const reading = readMeeting(doc, u);
    if (!reading) throw new Error(`no meeting read on ${name}`);
    const ms = timed(() => meetingPeople(readMeeting(doc, u)!, []));
    const floor = timed(() => doc.querySelectorAll('*').forEach((el) => el.getAttribute('class')));
    const nodes = doc.querySelectorAll('*').length;
    lines.push(
      `${name}: ${ms.toFixed(2)} ms (floor, one walk over its ${nodes} elements: ${floor.toFixed(2)} ms), ${reading.guests.length} guests`,
    );
  };
  for (const c of meetingCases) row(c.file, readMeetingPage(c.file), c.url);
  row(
    'generated week, 2,000 events, 200 guests',
    bigWeek(2000, 200),
    'https://calendar.google.com/calendar/r/week',
  );
  if (existsSync(OUTPUT)) {
    const sizes = sites.map((s) => {
      const code = readFileSync(`${OUTPUT}${s.module}`);
      return `${s.module.slice(1)} ${(code.length / 1000).toFixed(1)} kB (${(gzipSync(code).length / 1000).toFixed(1)} kB gzip)`;
    });
    lines.push(`reader modules (loaded on the first question, never at page load): ${sizes.join('; ')}`);
  } else lines.push('reader modules: no build in .output/chrome-mv3 (npm run build:sandbox)');
  return lines.join('\n');
}

runWhenMain(import.meta.url, run);
