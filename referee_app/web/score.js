// The phone page of a table (phone.md §2): its key from the link's fragment, sent only in the
// Authorization header.
"use strict";
