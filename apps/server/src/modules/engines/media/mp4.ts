import type { H264Stream } from './h264.ts';

/** An ISO BMFF box: 32-bit size, four-character type, then the payload. */
function box(type: string, ...parts: Buffer[]): Buffer {
  const payload = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(payload.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
}

function fullBox(type: string, version: number, flags: number, ...parts: Buffer[]): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(((version << 24) | flags) >>> 0, 0);
  return box(type, head, ...parts);
}

function u32(...values: number[]): Buffer {
  const out = Buffer.alloc(values.length * 4);
  values.forEach((value, i) => {
    out.writeUInt32BE(value >>> 0, i * 4);
  });
  return out;
}

function u16(...values: number[]): Buffer {
  const out = Buffer.alloc(values.length * 2);
  values.forEach((value, i) => {
    out.writeUInt16BE(value & 0xffff, i * 2);
  });
  return out;
}

const UNITY_MATRIX = u32(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000);
const MOVIE_TIMESCALE = 1000;

export interface Mp4Video {
  width: number;
  height: number;
  fps: number;
  stream: H264Stream;
}

function sampleEntry({ width, height, stream }: Mp4Video): Buffer {
  const avcC = box(
    'avcC',
    Buffer.from([1, stream.profile, stream.compatibility, stream.level, 0xff, 0xe1]),
    u16(stream.sps.length),
    Buffer.from(stream.sps),
    Buffer.from([1]),
    u16(stream.pps.length),
    Buffer.from(stream.pps),
  );
  const compressorName = Buffer.alloc(32);
  return box(
    'avc1',
    Buffer.alloc(6),
    u16(1), // data_reference_index
    Buffer.alloc(16),
    u16(width, height),
    u32(0x480000, 0x480000, 0), // 72 dpi, reserved
    u16(1), // frame_count
    compressorName,
    u16(0x18, 0xffff), // depth, pre_defined -1
    avcC,
  );
}

function sampleTable(video: Mp4Video, mdatDataOffset: number): Buffer {
  const { samples } = video.stream;
  return box(
    'stbl',
    fullBox('stsd', 0, 0, u32(1), sampleEntry(video)),
    fullBox('stts', 0, 0, u32(1, samples.length, 1000)),
    fullBox('stss', 0, 0, u32(1, 1)),
    fullBox('stsc', 0, 0, u32(1, 1, samples.length, 1)),
    fullBox('stsz', 0, 0, u32(0, samples.length, ...samples.map((s) => s.length))),
    fullBox('stco', 0, 0, u32(1, mdatDataOffset)),
  );
}

function movie(video: Mp4Video, mdatDataOffset: number): Buffer {
  const { width, height, fps, stream } = video;
  const mediaTimescale = fps * 1000;
  const mediaDuration = stream.samples.length * 1000;
  const movieDuration = Math.round((mediaDuration / mediaTimescale) * MOVIE_TIMESCALE);
  const mvhd = fullBox(
    'mvhd',
    0,
    0,
    u32(0, 0, MOVIE_TIMESCALE, movieDuration, 0x10000),
    u16(0x100, 0),
    u32(0, 0),
    UNITY_MATRIX,
    Buffer.alloc(24),
    u32(2),
  );
  const tkhd = fullBox(
    'tkhd',
    0,
    3, // enabled, in movie
    u32(0, 0, 1, 0, movieDuration, 0, 0),
    u16(0, 0, 0, 0),
    UNITY_MATRIX,
    u32(width << 16, height << 16),
  );
  const mdhd = fullBox('mdhd', 0, 0, u32(0, 0, mediaTimescale, mediaDuration), u16(0x55c4, 0)); // 'und'
  const hdlr = fullBox(
    'hdlr',
    0,
    0,
    u32(0),
    Buffer.from('vide'),
    u32(0, 0, 0),
    Buffer.from('VideoHandler\0'),
  );
  const dinf = box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1)));
  const minf = box('minf', fullBox('vmhd', 0, 1, u16(0, 0, 0, 0)), dinf, sampleTable(video, mdatDataOffset));
  return box('moov', mvhd, box('trak', tkhd, box('mdia', mdhd, hdlr, minf)));
}

/** A progressive MP4 with one H.264 track, moov before mdat so players can start at once. */
export function muxMp4(video: Mp4Video): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom'), u32(0x200), Buffer.from('isomiso2avc1mp41'));
  // The chunk offset field has a fixed width, so the moov size does not depend on its value.
  const moovSize = movie(video, 0).length;
  const moov = movie(video, ftyp.length + moovSize + 8);
  const mdat = box('mdat', ...video.stream.samples.map((sample) => Buffer.from(sample)));
  return Buffer.concat([ftyp, moov, mdat]);
}
