import { createContext } from "react-router";

/** The CSP nonce of this response; every inline script must carry it. */
export const nonceContext = createContext<string>("");

/**
 * The address of the client that sent the request, as the server saw it
 * (or as a trusted proxy reported it). Null when the host does not provide it,
 * for instance under the development server.
 */
export const clientAddressContext = createContext<string | null>(null);
