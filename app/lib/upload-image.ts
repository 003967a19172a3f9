import { M } from "@shared/messages";
import { refusalOf, type SendResult } from "./send-json";

/**
 * Sends an image to POST /api/uploads, reporting progress (0–100) as it goes; fetch cannot report upload
 * progress, XMLHttpRequest can. Answers the stored image's address or the server's message.
 */
export function uploadImage(file: File, onProgress: (percent: number) => void): Promise<SendResult<{ url: string }>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/uploads");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as { data?: { url: string } };
      if (xhr.status === 200 && body.data?.url) resolve({ ok: true, body: { url: body.data.url } });
      else
        resolve({
          ok: false,
          status: xhr.status,
          said: xhr.response ? refusalOf(xhr.response) : M.upload.failed,
        });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, said: M.request.network });
    const form = new FormData();
    form.set("image", file);
    xhr.send(form);
  });
}
