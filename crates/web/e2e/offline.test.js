// Installable and offline (issue 30, point 6): the manifest and its icons, and the service
// worker: after one visit the page loads and judges with the network off. Also the printed
// verdict. See docs/web.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { useBrowser, open, paste, cli, example, root, site } from './helpers.js';

useBrowser();

test('the web app manifest names the page and its icons', async () => {
  const page = await open();
  const href = await page.$eval('link[rel=manifest]', (l) => l.href);
  const manifest = await (await page.request.get(href)).json();
  assert.equal(manifest.short_name, 'fairplay');
  assert.equal(manifest.display, 'standalone');
  for (const icon of manifest.icons) {
    const response = await page.request.get(new URL(icon.src, href).href);
    assert.equal(response.status(), 200, icon.src);
    assert.equal(response.headers()['content-type'], 'image/png');
  }
  assert.deepEqual(manifest.icons.map((i) => i.sizes), ['192x192', '512x512']);
  await page.context().close();
});

test('the service worker keeps every file of the page', () => {
  const sw = readFileSync(join(site, 'sw.js'), 'utf8');
  const kept = JSON.parse(sw.match(/const FILES = (\[[^\]]*\])/)[1].replaceAll("'", '"'));
  const files = readdirSync(site).filter((name) => statSync(join(site, name)).isFile() && name !== 'sw.js');
  assert.deepEqual(files.filter((name) => !kept.includes(name)), []);
  assert.doesNotMatch(sw, /fairplay-VERSION/, 'build.sh names the cache');
});

test('offline after one visit: load, go offline, reload, judge', async () => {
  // A server of this test's own, stopped after the first visit: the network is then off for
  // the page and its service worker alike (the browser's offline mode is set too).
  const port = 8950 + Math.floor(Math.random() * 40);
  const own = `http://127.0.0.1:${port}/`;
  const server = spawn('bash', [join(root, 'crates/web/serve.sh'), String(port), site], { stdio: 'ignore' });
  const up = async () => fetch(own).then(() => true, () => false);
  for (let i = 0; i < 100 && !(await up()); i++) await new Promise((r) => setTimeout(r, 100));
  const page = await open('', { base: own });
  // The service worker installed (its files cached) and in control of the page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60000 })
    .catch(async (error) => {
      const state = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.installing?.state ?? 'no registration');
      throw new Error(`no service worker in control (${state}): ${error.message}`);
    });
  server.kill();
  for (let i = 0; i < 100 && (await up()); i++) await new Promise((r) => setTimeout(r, 100));
  assert.equal(await up(), false, 'the server is stopped');
  await page.context().setOffline(true);
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  const log = readFileSync(example('quartets/sample1.log'), 'utf8');
  await paste(page, log);
  const expected = cli(['quartets', example('quartets/sample1.log'), '--format', 'json']);
  assert.equal(await page.$eval('#verdict', (v) => v.dataset.contract), expected.contract);
  assert.ok(await page.$('#grid'));
  // The examples' list came from the cache too.
  assert.ok((await page.$$eval('#example option', (o) => o.length)) > 3);
  await page.context().close();
});

test('printed, the verdict, its explanation and the grid, without the controls', async () => {
  const page = await open();
  await paste(page, readFileSync(example('quartets/sample1.log'), 'utf8'));
  await page.emulateMedia({ media: 'print' });
  for (const id of ['verdict', 'explain', 'grid', 'proof']) assert.ok(await page.isVisible(`#${id}`), id);
  for (const id of ['log', 'stepper', 'actions', 'tab-table']) assert.equal(await page.isVisible(`#${id}`), false, id);
  const pdf = await page.pdf();
  assert.ok(pdf.length > 10000, `${pdf.length} bytes`);
  await page.emulateMedia({ media: 'screen' });
  assert.ok(await page.isVisible('#log'));
  await page.context().close();
});
