/** The part of hpack.js (which ships no types) that bench/grpc-client.ts uses. */
declare module 'hpack.js' {
  interface Header {
    name: string;
    value: string;
    neverIndex?: boolean;
    huffman?: boolean;
  }
  interface Compressor {
    write(headers: Header[]): void;
    read(): Buffer | null;
  }
  interface Decompressor {
    write(block: Buffer): void;
    execute(): void;
    read(): Header | null;
  }
  const hpack: {
    compressor: { create(options: { table: { size: number } }): Compressor };
    decompressor: { create(options: { table: { size: number } }): Decompressor };
  };
  export default hpack;
}
