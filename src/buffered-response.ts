// A Response whose body has already been read into memory (see transport.ts: the body is read
// under the attempt's deadline so that stalls and resets mid-body can be timed out and retried).
// Rebuilding a standard Response around the bytes would cost a new ReadableStream per call, the
// most expensive thing in the whole request path; this subclass serves text(), json() and the
// other readers straight from the bytes, keeps the original headers object, and only builds a
// stream if someone asks for `body`.
const decoder = new TextDecoder();

export class BufferedResponse extends Response {
  readonly #bytes: Uint8Array;
  readonly #from: Response;
  #used = false;
  #stream: Response | undefined;

  constructor(bytes: Uint8Array, from: Response) {
    // No init: status, statusText and ok come from `from` (getters below), which spares the
    // Response constructor's init conversion on every call.
    super();
    this.#bytes = bytes;
    this.#from = from;
  }

  override get status(): number {
    return this.#from.status;
  }
  override get statusText(): string {
    return this.#from.statusText;
  }
  override get ok(): boolean {
    return this.#from.ok;
  }
  override get headers(): Headers {
    return this.#from.headers;
  }
  override get url(): string {
    return this.#from.url;
  }
  override get redirected(): boolean {
    return this.#from.redirected;
  }
  override get type(): ResponseType {
    return this.#from.type;
  }
  override get bodyUsed(): boolean {
    return this.#stream ? this.#stream.bodyUsed : this.#used;
  }
  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    if (this.#stream) return this.#stream.body;
    // Already read through text()/json()/…, or empty: no stream to give (and never a throw, so
    // that util.inspect and debuggers can look at a used response).
    if (this.#used || this.#bytes.byteLength === 0) return null;
    return this.#asStream().body;
  }

  override async text(): Promise<string> {
    return this.#stream ? this.#stream.text() : decoder.decode(this.#take());
  }
  override async json(): Promise<any> {
    return JSON.parse(await this.text());
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    if (this.#stream) return this.#stream.arrayBuffer();
    const bytes = this.#take();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await this.arrayBuffer());
  }
  override async blob(): Promise<Blob> {
    return new Blob([await this.arrayBuffer()], { type: this.headers.get("content-type") ?? "" });
  }
  override async formData(): Promise<FormData> {
    return this.#asStream().formData();
  }
  override clone(): Response {
    if (this.bodyUsed) throw new TypeError("Response.clone: Body has already been consumed.");
    return new BufferedResponse(this.#bytes, this.#from);
  }

  #take(): Uint8Array {
    if (this.#used) throw new TypeError("Body is unusable: Body has already been read");
    this.#used = true;
    return this.#bytes;
  }

  #asStream(): Response {
    if (!this.#stream) {
      const bytes = this.#take();
      this.#stream = new Response(bytes.byteLength === 0 ? null : (bytes as Uint8Array<ArrayBuffer>), { headers: this.#from.headers });
    }
    return this.#stream;
  }
}
