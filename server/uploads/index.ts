// What the rest of the store may use of uploads: everything else in server/uploads/ is its own.
export { uploadCalls } from "./routes";
export { uploadImage } from "./uploads";
