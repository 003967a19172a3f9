import { createContext, useContext } from "react";

export const NonceContext = createContext("");

/** On the server this is the request's CSP nonce; browsers hide nonces from scripts, so the client sees "". */
export const useNonce = () => useContext(NonceContext);
