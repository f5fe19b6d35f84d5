// ort_bench.js MODEL.onnx INPUT.npy THREADS RUNS [WARMUP_MS] — times ONNX Runtime (npm
// onnxruntime-node, its bundled CPU library) on one benchmark model: warm-up runs for
// WARMUP_MS milliseconds (at least one, as `nnx bench --warmup`), then RUNS timed runs
// with THREADS intra-op threads (one inter-op thread); prints each run's time (the line
// `times: T1 T2 ...`, as `nnx bench --times`) and ends with the line
// `bench: median X ms, min Y ms`, the same line `nnx bench` prints, for bench/compare.
'use strict';
const fs = require('fs');
const path = require('path');
const ort = require(path.join(__dirname, 'node_modules', 'onnxruntime-node'));

// A little-endian float32 .npy file (what make_models.py writes): its shape and data.
function readNpy(file) {
  const buf = fs.readFileSync(file);
  const headerLen = buf.readUInt16LE(8);
  const header = buf.toString('latin1', 10, 10 + headerLen);
  if (!header.includes("'<f4'")) throw new Error(file + ': not float32');
  const shape = header.match(/\(([^)]*)\)/)[1].split(',').filter((s) => s.trim()).map(Number);
  const data = new Float32Array(buf.buffer.slice(buf.byteOffset + 10 + headerLen, buf.byteOffset + buf.length));
  return {shape, data};
}

async function main() {
  const [model, input, threads, runs, warmupMs] = process.argv.slice(2);
  const session = await ort.InferenceSession.create(model, {
    intraOpNumThreads: Number(threads), interOpNumThreads: 1, executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
  const x = readNpy(input);
  const feeds = {[session.inputNames[0]]: new ort.Tensor('float32', x.data, x.shape)};
  const warmUntil = process.hrtime.bigint() + BigInt(Math.round(Number(warmupMs || 0) * 1e6));
  do {
    await session.run(feeds);
  } while (process.hrtime.bigint() < warmUntil);
  const times = [];
  for (let i = 0; i < Number(runs); i++) {
    const t0 = process.hrtime.bigint();
    await session.run(feeds);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  console.log('times: ' + times.map((t) => t.toFixed(3)).join(' '));
  times.sort((a, b) => a - b);
  const mid = times.length >> 1;
  const median = times.length % 2 ? times[mid] : (times[mid - 1] + times[mid]) / 2;
  console.log(`bench: median ${median.toFixed(3)} ms, min ${times[0].toFixed(3)} ms`);
}

main().catch((e) => {
  console.error('ort_bench: ' + e.message);
  process.exit(1);
});
