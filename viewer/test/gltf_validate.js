#!/usr/bin/env node
// Validates binary glTF files with the Khronos glTF-Validator (npm gltf-validator, pinned in
// viewer/package-lock.json) and prints its counts. Exit 0 when no file has an error, else 1.
//   node gltf_validate.js FILE.glb [FILE.glb ...]
'use strict';
const fs = require('fs');
const validator = require('gltf-validator');

async function main() {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    console.error('usage: gltf_validate.js FILE.glb [FILE.glb ...]');
    process.exit(2);
  }
  let failed = 0;
  for (const file of files) {
    const report = await validator.validateBytes(new Uint8Array(fs.readFileSync(file)), {
      uri: file, maxIssues: 50,
      // A .glb carries everything: no external resources to load.
      externalResourceFunction: (uri) => Promise.reject(new Error('external resource ' + uri)),
    });
    const i = report.issues;
    const info = report.info || {};
    console.log(`${file}: ${i.numErrors} errors, ${i.numWarnings} warnings, ${i.numInfos} infos, ` +
      `${i.numHints} hints; ${info.animationCount ?? '?'} ` +
      `animations, ${info.totalTriangleCount ?? '?'} triangles (gltf-validator ${validator.version()})`);
    for (const message of i.messages) {
      if (message.severity <= 1) console.log(`  [${message.severity === 0 ? 'error' : 'warning'}] ` +
        `${message.code} ${message.pointer || ''}: ${message.message}`);
    }
    if (i.numErrors > 0) failed += 1;
  }
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
