// npm run whatsapp:templates [file]: prints the WhatsApp message templates the app sends alerts
// and one-time codes with, one per template and language, as the Graph API's message_templates endpoint takes them
// (register each under the WhatsApp Business Account before turning WhatsApp on).
import fs from 'node:fs';
import { whatsappCodeTemplates, whatsappTemplates } from '../modules/replies/whatsapp-templates.js';

const text = `${JSON.stringify([...whatsappTemplates(), ...whatsappCodeTemplates()], null, 2)}\n`;
const out = process.argv[2];
if (out) fs.writeFileSync(out, text);
else process.stdout.write(text);
