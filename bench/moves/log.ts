// The gap of each moved number, read from the emulator's request log of the move: from the arrival
// of the disconnect that took it off its bridge to the arrival of the connect that put it on the
// other. A log that does not show exactly one of each, in that order, throws: a broken move must
// not report a gap.
import type { RequestLogEntry } from "../../emulator";
import type { Move } from "./estate";

/** Who made the move: the taking side's connect (met the number linked, moved it) or a disconnect before any connect. */
export type MovedBy = "connect" | "disconnect";

/** One moved number's gap. */
export interface Gap {
  phoneNumber: string;
  /** Disconnect arrival → connect arrival, milliseconds. */
  ms: number;
  /** `connect`: a connect refused as `number_already_linked` came first (the taking side made the move). */
  movedBy: MovedBy;
}

const linkWrite = (slug: string, verb: "connect" | "disconnect") =>
  `/telephony/bridges/${slug}/${verb}-provider/`;

/** The gaps of `moves` in `log` (the move's requests, oldest first). */
export function gapsOf(log: readonly RequestLogEntry[], moves: readonly Move[]): Gap[] {
  return moves.map((move) => {
    const mine = log.filter((e) => e.method === "POST" && e.phoneNumber === move.phoneNumber);
    const done = (path: string) => mine.filter((e) => e.path === path && e.status === 200);
    const disconnects = done(linkWrite(move.from, "disconnect"));
    const connects = done(linkWrite(move.to, "connect"));
    const others = mine.filter((e) => e.status === 200 && !disconnects.includes(e) && !connects.includes(e));
    if (disconnects.length !== 1 || connects.length !== 1 || others.length > 0) {
      throw new Error(
        `move of ${move.phoneNumber} from ${move.from} to ${move.to}: expected one disconnect and one connect, ` +
          `the emulator saw ${mine.map((e) => `${e.path} ${e.status}`).join(", ") || "none"}`,
      );
    }
    const off = disconnects[0]!;
    const on = connects[0]!;
    if (on.atMs < off.atMs) {
      throw new Error(`move of ${move.phoneNumber}: the connect arrived before the disconnect`);
    }
    const refusedFirst = mine.some(
      (e) => e.path === linkWrite(move.to, "connect") && e.status !== 200 && e.atMs < off.atMs,
    );
    return {
      phoneNumber: move.phoneNumber,
      ms: on.atMs - off.atMs,
      movedBy: refusedFirst ? "connect" : "disconnect",
    };
  });
}
