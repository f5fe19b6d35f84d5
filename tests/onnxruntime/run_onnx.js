// run_onnx.js MANIFEST.json — runs ONNX models with ONNX Runtime (npm onnxruntime-node, its
// bundled CPU library) as the independent oracle for the ONNX files nnx writes. The manifest
// is a list of {"model": PATH, "inputs": {NAME: FILE.npy}, "out": DIR}; for each entry the
// outputs are written to DIR as K.npy (K = the output's position) with DIR/outputs.json
// naming them, or the failure to DIR/error.txt. Exits 0 when the manifest was processed.
'use strict';
const fs = require('fs');
const path = require('path');
const ort = require(path.join(__dirname, 'node_modules', 'onnxruntime-node'));

// .npy descriptor -> [ONNX Runtime tensor type, typed-array constructor]
const TYPES = {
  '<f4': ['float32', Float32Array],
  '<f8': ['float64', Float64Array],
  '<f2': ['float16', Uint16Array],
  '|i1': ['int8', Int8Array],
  '|u1': ['uint8', Uint8Array],
  '|b1': ['bool', Uint8Array],
  '<i2': ['int16', Int16Array],
  '<u2': ['uint16', Uint16Array],
  '<i4': ['int32', Int32Array],
  '<u4': ['uint32', Uint32Array],
  '<i8': ['int64', BigInt64Array],
  '<u8': ['uint64', BigUint64Array],
};

// A little-endian, C-ordered .npy file (format 1.0 or 2.0) as an ort.Tensor.
function readNpy(file) {
  const buf = fs.readFileSync(file);
  const major = buf[6];
  const headerLen = major === 1 ? buf.readUInt16LE(8) : buf.readUInt32LE(8);
  const start = (major === 1 ? 10 : 12) + headerLen;
  const header = buf.toString('latin1', major === 1 ? 10 : 12, start);
  const descr = header.match(/'descr':\s*'([^']*)'/)[1];
  if (/'fortran_order':\s*True/.test(header)) throw new Error(file + ': Fortran order');
  const type = TYPES[descr];
  if (!type) throw new Error(file + ': dtype ' + descr + ' is not handled');
  const shape = header.match(/'shape':\s*\(([^)]*)\)/)[1].split(',').filter((s) => s.trim()).map(Number);
  const bytes = buf.subarray(start);
  const copy = new Uint8Array(bytes.length); // aligned for the typed array
  copy.set(bytes);
  const data = new type[1](copy.buffer, 0, bytes.length / type[1].BYTES_PER_ELEMENT);
  return new ort.Tensor(type[0], data, shape);
}

function writeNpy(file, tensor) {
  const entry = Object.entries(TYPES).find(([, t]) => t[0] === tensor.type);
  if (!entry) throw new Error('output type ' + tensor.type + ' is not handled');
  const shape = tensor.dims.length === 1 ? tensor.dims[0] + ',' : tensor.dims.join(', ');
  let header = "{'descr': '" + entry[0] + "', 'fortran_order': False, 'shape': (" + shape + '), }';
  header += ' '.repeat(63 - ((10 + header.length) % 64)) + '\n';
  const head = Buffer.alloc(10);
  Buffer.from('\x93NUMPY', 'latin1').copy(head);
  head[6] = 1;
  head[7] = 0;
  head.writeUInt16LE(header.length, 8);
  const data = tensor.data;
  fs.writeFileSync(file, Buffer.concat([head, Buffer.from(header, 'latin1'),
    Buffer.from(data.buffer, data.byteOffset, data.byteLength)]));
}

async function runOne(entry) {
  fs.mkdirSync(entry.out, {recursive: true});
  try {
    const session = await ort.InferenceSession.create(entry.model, {intraOpNumThreads: 1, interOpNumThreads: 1});
    const feeds = {};
    for (const [name, file] of Object.entries(entry.inputs)) feeds[name] = readNpy(file);
    const results = await session.run(feeds);
    const names = session.outputNames;
    names.forEach((name, k) => writeNpy(path.join(entry.out, k + '.npy'), results[name]));
    fs.writeFileSync(path.join(entry.out, 'outputs.json'), JSON.stringify(names));
    return true;
  } catch (e) {
    fs.writeFileSync(path.join(entry.out, 'error.txt'), String(e && e.message ? e.message : e));
    return false;
  }
}

async function main() {
  const manifest = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  let ran = 0;
  for (const entry of manifest) ran += (await runOne(entry)) ? 1 : 0;
  console.log('onnxruntime ' + ort.env.versions.common + ': ' + ran + ' of ' + manifest.length + ' models ran');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
