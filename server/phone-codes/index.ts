// What the rest of the store may use of phone codes: everything else in server/phone-codes/ is its own.
export {
  checkPhoneCode,
  sendCodeInTransaction,
  sendPhoneCode,
  type CodeSent,
  type PhoneCodeSender,
} from "./phone-codes";
export { phoneCodeCalls } from "./routes";
