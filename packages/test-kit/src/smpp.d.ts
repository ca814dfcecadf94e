// The parts of the `smpp` package (0.5.x, plain JavaScript) this server uses.
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer } from 'node:net';

  /** A decoded PDU: its command, status, sequence and every parameter by its SMPP name. */
  export interface Pdu {
    command: string;
    command_status: number;
    sequence_number: number;
    response(options?: Record<string, unknown>): Pdu;
    isResponse(): boolean;
    [parameter: string]: unknown;
  }

  export class PDU implements Pdu {
    constructor(command: string, options?: Record<string, unknown>);
    command: string;
    command_status: number;
    sequence_number: number;
    response(options?: Record<string, unknown>): Pdu;
    isResponse(): boolean;
    [parameter: string]: unknown;
  }

  export interface Session extends EventEmitter {
    send(pdu: Pdu, onResponse?: (pdu: Pdu) => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    socket: { remoteAddress?: string; writable: boolean };
    bind_transceiver(options: Record<string, unknown>, onResponse: (pdu: Pdu) => void): boolean;
    submit_sm(options: Record<string, unknown>, onResponse: (pdu: Pdu) => void): boolean;
    enquire_link(options?: Record<string, unknown>, onResponse?: (pdu: Pdu) => void): boolean;
    unbind(options?: Record<string, unknown>, onResponse?: (pdu: Pdu) => void): boolean;
  }

  export interface Server extends NetServer {
    sessions: Session[];
  }

  export function connect(
    options: { host: string; port: number; tls?: boolean; auto_enquire_link_period?: number },
    onConnect?: () => void,
  ): Session;
  export function createServer(onSession: (session: Session) => void): Server;
  export function addTLV(tag: string, options: { id: number; type: unknown }): void;
  export const types: { tlv: { string: unknown; cstring: unknown } };
  export const ESME_ROK: number;
  export const ESME_RBINDFAIL: number;
  export const ESME_RSYSERR: number;
  export const ESME_RTHROTTLED: number;
}
