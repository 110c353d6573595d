// A small PNG reader for the browser test: 8-bit RGB or RGBA images as
// Chromium writes them (zlib from Node, the five scanline filters).
"use strict";
const zlib = require("zlib");

function paeth(a, b, c) {
  const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

// {width, height, channels, pixels} of a PNG file's bytes.
function readPng(buf) {
  if (buf.readUInt32BE(0) !== 0x89504e47) throw new Error("not a PNG file");
  let at = 8, width = 0, height = 0, channels = 0;
  const idat = [];
  while (at < buf.length) {
    const len = buf.readUInt32BE(at), type = buf.toString("ascii", at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + len);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) throw new Error("only 8-bit, non-interlaced PNG");
      channels = {2: 3, 6: 4}[data[9]];
      if (!channels) throw new Error("only RGB or RGBA PNG");
    } else if (type === "IDAT") {
      idat.push(data);
    }
    at += 12 + len;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat)), stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)], line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[y * stride + x - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      const pred = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter];
      if (pred === undefined) throw new Error("bad PNG filter " + filter);
      pixels[y * stride + x] = (line[x] + pred) & 0xff;
    }
  }
  return {width, height, channels, pixels};
}

// The luminance (0-255) of the pixel at x, y.
function luminance(img, x, y) {
  const i = (Math.round(y) * img.width + Math.round(x)) * img.channels, p = img.pixels;
  return 0.299 * p[i] + 0.587 * p[i + 1] + 0.114 * p[i + 2];
}

module.exports = {readPng, luminance};
