// The documentation a newcomer reads: a README of at most 15 KB whose contents reach every page of
// docs/, and links (files and #anchors) that all lead somewhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { nth } from './support/narrow.js';

const root = join(import.meta.dirname, '..');
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(text: string): Set<string> {
  const found = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = !fenced && /^#{1,6} (.*)$/.exec(line);
    if (m) found.add(anchor(nth(m, 1)));
  }
  return found;
}

function linksOf(text: string): string[] {
  return [...text.replace(/```[\s\S]*?```/g, '').matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => nth(m, 1))
    .filter((l) => !/^[a-z]+:/.test(l));
}

test('the README is at most 15 KB and its contents link every page of docs/', () => {
  assert.ok(statSync(join(root, 'README.md')).size <= 15 * 1024, 'README.md is at most 15 KB');
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const contents = readme.slice(
    readme.indexOf('## Contents'),
    readme.indexOf('\n## ', readme.indexOf('## Contents') + 1),
  );
  const linked = new Set(linksOf(contents).map((l) => l.split('#')[0]));
  for (const page of pages.filter((p) => p !== 'README.md'))
    assert.ok(linked.has(page), `the README's contents link ${page}`);
  for (const section of [...readme.matchAll(/^## (.*)$/gm)].map((m) => nth(m, 1)).filter((s) => s !== 'Contents')) {
    assert.ok(contents.includes(`(#${anchor(section)})`), `the README's contents link its section ${section}`);
  }
});

test('every relative link in the README and docs/ leads to a file, and its #anchor to a heading there', () => {
  for (const page of pages) {
    const text = readFileSync(join(root, page), 'utf8');
    for (const link of linksOf(text)) {
      const [file, hash] = [nth(link.split('#'), 0), link.split('#')[1]];
      const target = file === '' ? page : relative(root, join(root, dirname(page), file));
      const body = readFileSync(join(root, target), 'utf8');
      if (hash !== undefined) assert.ok(anchorsOf(body).has(hash), `${page}: ${link} names a heading of ${target}`);
    }
  }
});

test('the README puts tradedeck on the PATH before its first example runs it, and every example runs it one way', () => {
  const blocks = (text: string) =>
    [...text.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => nth(m, 1).split('\n')).map((l) => l.trim());
  const readme = blocks(readFileSync(join(root, 'README.md'), 'utf8'));
  const linked = readme.findIndex((l) => /^npm link\b/.test(l));
  const first = readme.findIndex((l) => /^tradedeck\b/.test(l));
  assert.ok(linked >= 0 && linked < first, 'npm link comes before the first `tradedeck`');
  for (const page of pages)
    for (const line of blocks(readFileSync(join(root, page), 'utf8')))
      assert.doesNotMatch(line, /^(node |\.\/)?dist\/cli\.js|^npm start -- /, `${page}: run as tradedeck: ${line}`);
});
