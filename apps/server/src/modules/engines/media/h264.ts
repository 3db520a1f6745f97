import { BitWriter } from './bit-writer.ts';

/**
 * A minimal H.264 Constrained Baseline encoder that needs no transform: the first picture is
 * an IDR of I_PCM macroblocks (raw samples, legal H.264), and each later picture is a P slice
 * that skips unchanged macroblocks and sends changed ones as I_PCM. With deblocking off and every
 * motion vector predicted as zero, a skipped macroblock is an exact copy, so decoding is lossless
 * and files stay small when little moves.
 */

/** A YUV 4:2:0 picture at the coded size (multiples of 16). */
export interface YuvFrame {
  y: Uint8Array;
  u: Uint8Array;
  v: Uint8Array;
}

export interface H264Stream {
  sps: Uint8Array;
  pps: Uint8Array;
  /** One access unit per frame, each NAL unit prefixed with its 4-byte length (MP4 style). */
  samples: Uint8Array[];
  profile: number;
  compatibility: number;
  level: number;
}

const PROFILE_BASELINE = 66;
const CONSTRAINED_BASELINE_FLAGS = 0xc0;
const LEVEL_3_0 = 30;
const LOG2_MAX_FRAME_NUM = 8;
const MB_TYPE_I_PCM_IN_I_SLICE = 25;
const MB_TYPE_I_PCM_IN_P_SLICE = 30;

/** Inserts emulation prevention bytes so no start code appears inside a NAL unit. */
function toNalUnit(header: number, rbsp: Uint8Array): Uint8Array {
  const out: number[] = [header];
  let zeros = 0;
  for (const byte of rbsp) {
    if (zeros >= 2 && byte <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(byte);
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return Uint8Array.from(out);
}

function sequenceParameterSet(width: number, height: number): Uint8Array {
  const w = new BitWriter();
  w.bits(PROFILE_BASELINE, 8);
  w.bits(CONSTRAINED_BASELINE_FLAGS, 8);
  w.bits(LEVEL_3_0, 8);
  w.ue(0); // seq_parameter_set_id
  w.ue(LOG2_MAX_FRAME_NUM - 4);
  w.ue(2); // pic_order_cnt_type 2: output order is decode order
  w.ue(1); // max_num_ref_frames
  w.bit(0); // gaps_in_frame_num_value_allowed_flag
  const codedWidth = Math.ceil(width / 16) * 16;
  const codedHeight = Math.ceil(height / 16) * 16;
  w.ue(codedWidth / 16 - 1);
  w.ue(codedHeight / 16 - 1);
  w.bit(1); // frame_mbs_only_flag
  w.bit(1); // direct_8x8_inference_flag
  const isCropped = codedWidth !== width || codedHeight !== height;
  w.bit(isCropped ? 1 : 0);
  if (isCropped) {
    // Crop offsets count in 2-sample units for 4:2:0 frames.
    w.ue(0);
    w.ue((codedWidth - width) / 2);
    w.ue(0);
    w.ue((codedHeight - height) / 2);
  }
  w.bit(0); // vui_parameters_present_flag
  return toNalUnit(0x67, w.finish());
}

function pictureParameterSet(): Uint8Array {
  const w = new BitWriter();
  w.ue(0); // pic_parameter_set_id
  w.ue(0); // seq_parameter_set_id
  w.bit(0); // entropy_coding_mode_flag: CAVLC
  w.bit(0); // bottom_field_pic_order_in_frame_present_flag
  w.ue(0); // num_slice_groups_minus1
  w.ue(0); // num_ref_idx_l0_default_active_minus1
  w.ue(0); // num_ref_idx_l1_default_active_minus1
  w.bit(0); // weighted_pred_flag
  w.bits(0, 2); // weighted_bipred_idc
  w.se(0); // pic_init_qp_minus26
  w.se(0); // pic_init_qs_minus26
  w.se(0); // chroma_qp_index_offset
  w.bit(1); // deblocking_filter_control_present_flag, so slices can turn the filter off
  w.bit(0); // constrained_intra_pred_flag
  w.bit(0); // redundant_pic_cnt_present_flag
  return toNalUnit(0x68, w.finish());
}

function writePcmMacroblock(w: BitWriter, frame: YuvFrame, codedWidth: number, mbX: number, mbY: number) {
  w.alignWithZeros();
  for (let row = 0; row < 16; row++) {
    const at = (mbY * 16 + row) * codedWidth + mbX * 16;
    w.bytes(frame.y.subarray(at, at + 16));
  }
  for (const plane of [frame.u, frame.v]) {
    for (let row = 0; row < 8; row++) {
      const at = (mbY * 8 + row) * (codedWidth / 2) + mbX * 8;
      w.bytes(plane.subarray(at, at + 8));
    }
  }
}

function isMacroblockEqual(a: YuvFrame, b: YuvFrame, codedWidth: number, mbX: number, mbY: number) {
  for (let row = 0; row < 16; row++) {
    const at = (mbY * 16 + row) * codedWidth + mbX * 16;
    for (let i = at; i < at + 16; i++) if (a.y[i] !== b.y[i]) return false;
  }
  for (let row = 0; row < 8; row++) {
    const at = (mbY * 8 + row) * (codedWidth / 2) + mbX * 8;
    for (let i = at; i < at + 8; i++) if (a.u[i] !== b.u[i] || a.v[i] !== b.v[i]) return false;
  }
  return true;
}

function sliceHeader(w: BitWriter, isIdr: boolean, frameNum: number): void {
  w.ue(0); // first_mb_in_slice
  w.ue(isIdr ? 7 : 5); // slice_type I or P (all slices of the picture alike)
  w.ue(0); // pic_parameter_set_id
  w.bits(frameNum % (1 << LOG2_MAX_FRAME_NUM), LOG2_MAX_FRAME_NUM);
  if (isIdr) w.ue(0); // idr_pic_id
  if (!isIdr) {
    w.bit(0); // num_ref_idx_active_override_flag
    w.bit(0); // ref_pic_list_modification_flag_l0
  }
  if (isIdr) {
    w.bit(0); // no_output_of_prior_pics_flag
    w.bit(0); // long_term_reference_flag
  } else {
    w.bit(0); // adaptive_ref_pic_marking_mode_flag: sliding window
  }
  w.se(0); // slice_qp_delta
  w.ue(1); // disable_deblocking_filter_idc: off, so PCM samples come out exactly
}

/** Encodes frames of `width` x `height` pixels given as YUV planes at the coded size. */
export function encodeH264(frames: YuvFrame[], width: number, height: number): H264Stream {
  const codedWidth = Math.ceil(width / 16) * 16;
  const mbColumns = codedWidth / 16;
  const mbRows = Math.ceil(height / 16);
  const samples = frames.map((frame, index) => {
    const previous = frames[index - 1];
    const w = new BitWriter();
    sliceHeader(w, !previous, index);
    let skipRun = 0;
    for (let mbY = 0; mbY < mbRows; mbY++) {
      for (let mbX = 0; mbX < mbColumns; mbX++) {
        if (!previous) {
          w.ue(MB_TYPE_I_PCM_IN_I_SLICE);
        } else if (isMacroblockEqual(frame, previous, codedWidth, mbX, mbY)) {
          skipRun++;
          continue;
        } else {
          w.ue(skipRun);
          skipRun = 0;
          w.ue(MB_TYPE_I_PCM_IN_P_SLICE);
        }
        writePcmMacroblock(w, frame, codedWidth, mbX, mbY);
      }
    }
    if (skipRun > 0) w.ue(skipRun);
    return withLengthPrefix(toNalUnit(previous ? 0x41 : 0x65, w.finish()));
  });
  return {
    sps: sequenceParameterSet(width, height),
    pps: pictureParameterSet(),
    samples,
    profile: PROFILE_BASELINE,
    compatibility: CONSTRAINED_BASELINE_FLAGS,
    level: LEVEL_3_0,
  };
}

function withLengthPrefix(nal: Uint8Array): Uint8Array {
  const out = new Uint8Array(nal.length + 4);
  new DataView(out.buffer).setUint32(0, nal.length);
  out.set(nal, 4);
  return out;
}
