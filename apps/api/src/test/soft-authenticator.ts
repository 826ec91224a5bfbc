import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/** A credential the soft authenticator made: its id and key, and the user handle it keeps (discoverable). */
export interface SoftCredential {
  id: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  userHandle: string;
  counter: number;
}

const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

function authenticatorData(rpID: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpID), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

/**
 * A passkey authenticator in software for the API tests (ES256, attestation "none"), answering the options the API
 * gives as a browser's authenticator would: `create` a credential, `get` an assertion of one.
 */
export const softAuthenticator = {
  create(options: Record<string, unknown>, origin: string): { credential: object; made: SoftCredential } {
    const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? "", "base64url")],
        [-3, Buffer.from(jwk.y ?? "", "base64url")],
      ]),
    );
    const id = randomBytes(16);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const rp = options.rp as { id: string };
    const user = options.user as { id: string };
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, Buffer.from(cose)]);
    const authData = authenticatorData(rp.id, 0x01 | 0x04 | 0x40, 0, attested);
    const clientData = JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin });
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", new Uint8Array(authData)],
      ]) as never,
    );
    return {
      made: { id: b64(id), privateKey, publicKey, userHandle: user.id, counter: 0 },
      credential: {
        id: b64(id),
        rawId: b64(id),
        type: "public-key",
        response: {
          clientDataJSON: b64(Buffer.from(clientData)),
          attestationObject: b64(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
      },
    };
  },

  /** An assertion of `made` for the options' challenge; each moves the credential's counter on. */
  get(made: SoftCredential, options: Record<string, unknown>, origin: string, rpID = "localhost"): object {
    made.counter += 1;
    const authData = authenticatorData(rpID, 0x01 | 0x04, made.counter);
    const clientData = Buffer.from(
      JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin }),
    );
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientData)]), made.privateKey);
    return {
      id: made.id,
      rawId: made.id,
      type: "public-key",
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: made.userHandle,
      },
      clientExtensionResults: {},
    };
  },
};
