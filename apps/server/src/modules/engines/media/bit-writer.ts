/** Writes the bit fields of H.264 syntax: fixed-width u(n) and Exp-Golomb ue(v)/se(v). */
export class BitWriter {
  private buffer = new Uint8Array(1024);
  private length = 0;
  private current = 0;
  private bitCount = 0;

  get isAligned(): boolean {
    return this.bitCount === 0;
  }

  private push(byte: number): void {
    if (this.length === this.buffer.length) {
      const bigger = new Uint8Array(this.buffer.length * 2);
      bigger.set(this.buffer);
      this.buffer = bigger;
    }
    this.buffer[this.length++] = byte;
  }

  bit(value: number): void {
    this.current = (this.current << 1) | (value & 1);
    if (++this.bitCount === 8) {
      this.push(this.current);
      this.current = 0;
      this.bitCount = 0;
    }
  }

  bits(value: number, count: number): void {
    for (let i = count - 1; i >= 0; i--) this.bit((value >>> i) & 1);
  }

  ue(value: number): void {
    const coded = value + 1;
    const size = 32 - Math.clz32(coded);
    this.bits(0, size - 1);
    this.bits(coded, size);
  }

  se(value: number): void {
    this.ue(value <= 0 ? -2 * value : 2 * value - 1);
  }

  alignWithZeros(): void {
    while (!this.isAligned) this.bit(0);
  }

  /** Raw bytes at a byte boundary (PCM samples). */
  bytes(data: Uint8Array): void {
    if (!this.isAligned) throw new Error('BitWriter.bytes needs a byte boundary');
    for (const byte of data) this.push(byte);
  }

  /** rbsp_trailing_bits: a stop bit, then zeros to the byte boundary. */
  finish(): Uint8Array {
    this.bit(1);
    this.alignWithZeros();
    return this.buffer.slice(0, this.length);
  }
}
