// Walk a paged listing: paginate() requests page after page and yields typed items.
import { createServiceClient, paginate } from "service-api";

const client = createServiceClient();

const emails: string[] = [];
for await (const user of paginate(client, "/users", { params: { query: { limit: 50 } } })) {
  const email: string = user.email; // user is a GetUserResponse
  emails.push(email);
}
console.log(`users: ${emails.join(", ")}`);
