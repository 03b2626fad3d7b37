const PDFDocument = require("pdfkit");
const doc = new PDFDocument({ size: "A4", margin: 50 });
const chunks: Buffer[] = [];
doc.on("data", (c: Buffer) => chunks.push(c));
doc.on("end", () => { const b = Buffer.concat(chunks); require("fs").writeFileSync("/tmp/pk.pdf", b); console.log("bytes", b.length); });
doc.font("Helvetica").fontSize(12).text("José da Silva — São Paulo ção € “quotes”");
doc.text("Дмитрий 王小明 😀 emoji");
doc.end();
