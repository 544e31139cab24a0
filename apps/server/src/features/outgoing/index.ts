// What other features may use of outgoing mail (features/README.md): holding a message for Undo send.

export { holdOutgoingMail } from './hold-outgoing-mail';
