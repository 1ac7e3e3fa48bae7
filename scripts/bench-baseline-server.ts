// The bench's baseline: the fastest a Node process can answer a small fixed JSON here.
import { createServer } from "node:http";

const body = JSON.stringify({ code: 200, message: "success", data: [{ id: 1, dishName: "Tonkotsu Ramen" }] });
createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json; charset=UTF-8", "content-length": Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT ?? 4400), "127.0.0.1");
