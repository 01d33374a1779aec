#!/usr/bin/env node
// Opens contactsim replay reports in headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core; no mocks) and checks each: no console errors or page errors, the viewer
// started, and the canvas not blank (the variance of its pixels). With --moves it also checks that
// two slider positions render different images (the bodies moved), and --screenshot saves the
// page.
//   node report_browser_test.js REPORT.html [--moves] [--screenshot FILE.png] [REPORT.html ...]
// Options apply to the report before them. Exit 0 when every report passes, else 1.
'use strict';
const { chromium } = require('playwright-core');

const kChromium = process.env.CONTACTSIM_CHROMIUM || '/usr/bin/chromium';
// WebGL in headless Chromium without a GPU: SwiftShader (../shared/DEPENDENCIES.md).
const kArgs = ['--no-sandbox', '--enable-unsafe-swiftshader', '--use-angle=swiftshader',
  '--ignore-gpu-blocklist'];

function parse(argv) {
  const reports = [];
  for (let i = 0; i < argv.length; ++i) {
    if (argv[i] === '--moves') reports[reports.length - 1].moves = true;
    else if (argv[i] === '--screenshot') reports[reports.length - 1].screenshot = argv[++i];
    else reports.push({ file: argv[i], moves: false, screenshot: null });
  }
  if (reports.length === 0 || reports.some((r) => !r.file || r.file.startsWith('--'))) {
    console.error('usage: report_browser_test.js REPORT.html [--moves] [--screenshot PNG] ...');
    process.exit(2);
  }
  return reports;
}

// Pixel statistics of the WebGL canvas as rendered now (preserveDrawingBuffer keeps it readable):
// the variance of the luminance and a hash of the bytes.
async function canvasPixels(page) {
  return page.evaluate(() => {
    const source = document.querySelector('#stage canvas');
    const copy = document.createElement('canvas');
    copy.width = source.width;
    copy.height = source.height;
    const context = copy.getContext('2d');
    context.drawImage(source, 0, 0);
    const pixels = context.getImageData(0, 0, copy.width, copy.height).data;
    let sum = 0;
    let squares = 0;
    let hash = 2166136261;
    for (let i = 0; i < pixels.length; i += 4) {
      const y = 0.299 * pixels[i] + 0.587 * pixels[i + 1] + 0.114 * pixels[i + 2];
      sum += y;
      squares += y * y;
      hash = Math.imul(hash ^ pixels[i] ^ (pixels[i + 1] << 8) ^ (pixels[i + 2] << 16), 16777619);
    }
    const n = pixels.length / 4;
    return { width: copy.width, height: copy.height, variance: squares / n - (sum / n) ** 2,
      hash: hash >>> 0, bytes: Array.from(pixels.filter((_, i) => i % 97 === 0)) };
  });
}

async function check(browser, report) {
  const failures = [];
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push('console error: ' + message.text());
  });
  page.on('pageerror', (error) => failures.push('page error: ' + error.message));
  // The report must need nothing from the network: any request but the file itself fails.
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:') || url.startsWith('blob:') || url.startsWith('data:')) {
      route.continue();
    } else {
      failures.push('network request: ' + url);
      route.abort();
    }
  });
  const url = 'file://' + require('path').resolve(report.file);
  await page.goto(url, { waitUntil: 'load' });
  try {
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  } catch (error) {
    failures.push('the viewer did not start: ' + error.message.split('\n')[0]);
  }
  if (failures.length === 0) {
    // Pause, then show the first sample through the slider as a user would.
    await page.click('#play');
    await page.locator('#slider').fill('0');
    const first = await canvasPixels(page);
    if (!(first.variance > 20)) failures.push('the canvas is blank (variance ' + first.variance + ')');
    if (report.moves) {
      const count = await page.evaluate(() => window.contactsimReport.sampleCount);
      await page.locator('#slider').fill(String(count - 1));
      const last = await canvasPixels(page);
      const differing = first.bytes.filter((v, i) => v !== last.bytes[i]).length;
      if (first.hash === last.hash || differing < 10) {
        failures.push('the first and last slider positions render the same image');
      }
      // Clicking the first event of the timeline jumps to its time.
      const events = await page.locator('#events tr').count();
      const row = page.locator('#events tr').first();
      const eventTime = Number(await row.locator('td').first().textContent());
      if (Number.isFinite(eventTime)) {
        await row.click();
        const [shown, next] = await page.evaluate(() => {
          const r = window.contactsimReport;
          return [r.time(r.sample()), r.time(r.sample() + 1)];
        });
        // The sample shown is the last one at or before the event (its time printed to 1e-4 s).
        if (!(shown <= eventTime + 1e-4 && (next === null || next > eventTime - 1e-4))) {
          failures.push(`clicking the event at ${eventTime} s showed t = ${shown} s`);
        }
      }
      await page.locator('#slider').fill(String(Math.floor((count - 1) / 2)));
    }
    if (report.screenshot) await page.screenshot({ path: report.screenshot });
  }
  await page.close();
  return failures;
}

async function main() {
  const reports = parse(process.argv.slice(2));
  const browser = await chromium.launch({ executablePath: kChromium, args: kArgs, headless: true });
  let failed = 0;
  // Two pages at a time (SwiftShader renders on the CPU; more would only queue).
  const queue = reports.slice();
  async function worker() {
    for (let report = queue.shift(); report; report = queue.shift()) {
      const started = Date.now();
      const failures = await check(browser, report);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (failures.length === 0) {
        console.log(`ok   ${report.file} (${seconds} s)`);
      } else {
        failed += 1;
        console.log(`FAIL ${report.file}\n  ` + failures.join('\n  '));
      }
    }
  }
  try {
    await Promise.all([worker(), worker()]);
  } finally {
    await browser.close();
  }
  console.log(`${reports.length - failed} of ${reports.length} reports pass`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
