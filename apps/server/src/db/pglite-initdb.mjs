// Creates the embedded database's cluster in the directory given (PGlite runs initdb when it finds
// none), then exits: run as a child process by `openDatabase`, so that the server's own process
// never holds initdb's memory.
import { PGlite } from '@electric-sql/pglite';

const db = await PGlite.create(process.argv[2]);
await db.close();
