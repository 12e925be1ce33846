import { AFTER_HEADER, compareWirePositions, isReadRequest, POSITION_HEADER } from "@bahi/shared/contract";

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A browser-like client: keeps the session cookie and the highest position seen, and sends
 * that position on reads, as the React client does.
 */
export class ApiClient {
  cookie: string | null = null;
  position: string | null = null;

  constructor(
    readonly baseUrl: string,
    private readonly options: { readYourWrites?: boolean; commandUrl?: string } = {},
  ) {}

  async request<T = any>(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...extraHeaders };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (this.cookie) headers.cookie = this.cookie;
    const isRead = isReadRequest(method, path);
    if (isRead && this.position && this.options.readYourWrites !== false) headers[AFTER_HEADER] = this.position;
    const base = !isRead && this.options.commandUrl ? this.options.commandUrl : this.baseUrl;
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const setCookie = response.headers.get("set-cookie");
    if (setCookie) {
      const value = setCookie.split(";")[0]!;
      this.cookie = value.endsWith("=") ? null : value;
    }
    const position = response.headers.get(POSITION_HEADER);
    if (position && compareWirePositions(position, this.position) > 0) this.position = position;
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string) {
    return this.request<T>("GET", path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>("POST", path, body);
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>("PUT", path, body);
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>("PATCH", path, body);
  }
  delete<T = any>(path: string) {
    return this.request<T>("DELETE", path);
  }

  async register(overrides: Record<string, unknown> = {}) {
    const email = `user-${Math.random().toString(36).slice(2)}@example.com`;
    const response = await this.post("/api/auth/register", {
      email,
      password: "secret123",
      firstName: "Asha",
      lastName: "Rao",
      ...overrides,
    });
    if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as { id: string; email: string; firstName: string };
  }
}
