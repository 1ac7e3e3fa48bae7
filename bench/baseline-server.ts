// The bench's baseline: the fastest a bare Node process answers a fixed JSON body here.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const body = process.env.BODY_FILE
  ? readFileSync(process.env.BODY_FILE)
  : Buffer.from(JSON.stringify({ code: 200, message: "success", data: [] }));
createServer((_req, res) => {
  res.writeHead(200, {
    "content-type": "application/json; charset=UTF-8",
    "content-length": body.byteLength,
  });
  res.end(body);
}).listen(Number(process.env.PORT ?? 4400), "127.0.0.1");
