// The replay page: a record stepped through with the server's board at each
// step, the log and the dice. What it shows is what the server sends for the
// page's address (a seat's link, the host's key, or the host's upload).
import {$} from "../dom.js";
import {kind, tableLink, loadSummary, upload} from "./source.js";
import {open, wire} from "./viewer.js";

function showError(message) {
  $("error").textContent = message || "";
  $("error").hidden = !message;
}

async function openUpload(event) {
  event.preventDefault();
  showError("");
  const file = $("upload-file").files[0];
  if (!file) { showError("choose a record file first"); return; }
  try {
    const summary = await upload(file.name, await file.text(), $("upload-side").value.trim());
    open(summary, 0);
  } catch (e) {
    $("viewer").hidden = true;
    showError(e.message);
  }
}

async function main() {
  wire();
  if (tableLink) {
    $("home").href = tableLink;
    $("home").textContent = "back to the table";
  }
  if (kind === "upload") {
    $("upload").hidden = false;
    $("upload-form").addEventListener("submit", openUpload);
    return;
  }
  try {
    open(await loadSummary(), 0);
  } catch (e) {
    showError(e.message);
  }
}

main();
