// redux-devtools-viewer: turns a JSON Lines recording into one self-contained HTML page.
//
//   swift run redux-devtools-viewer session.jsonl [session.html] [--title "My session"]
//
// Exit status: 0 when the page was written from the whole recording; 1 when a line after the
// header is bad (the page is still written, with the entries before it and a warning); 2 for
// bad arguments or an input that is not a recording.
import Foundation
import ReduxDevTools

func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("redux-devtools-viewer: \(message)\n".utf8))
  exit(status)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var title: String?
if let flag = arguments.firstIndex(of: "--title") {
  guard flag + 1 < arguments.count else { fail("--title needs a value", status: 2) }
  title = arguments[flag + 1]
  arguments.removeSubrange(flag...(flag + 1))
}
guard (1...2).contains(arguments.count), !arguments[0].hasPrefix("-") else {
  fail("usage: redux-devtools-viewer <recording.jsonl> [output.html] [--title TITLE]", status: 2)
}
let input = URL(fileURLWithPath: arguments[0])
let output =
  arguments.count == 2
  ? URL(fileURLWithPath: arguments[1])
  : input.deletingPathExtension().appendingPathExtension("html")

let text: String
do {
  text = try String(contentsOf: input, encoding: .utf8)
} catch {
  fail(
    "cannot read \(input.path): \(error.localizedDescription); pass the path of a UTF-8 "
      + "recording written by Recording.jsonLines(registry:)", status: 2)
}

let page: SessionPage
do {
  page = try SessionPage(
    jsonLines: text, title: title ?? input.deletingPathExtension().lastPathComponent)
} catch {
  fail("\(input.path): \(error)", status: 2)
}

do {
  try page.html.write(to: output, atomically: true, encoding: .utf8)
} catch {
  fail(
    "cannot write \(output.path): \(error.localizedDescription); pass an output path in a "
      + "folder this user can write", status: 2)
}
print("wrote \(output.path): \(page.actionCount) actions")
if let problem = page.problem {
  fail("\(input.path): \(problem) (the page shows the entries before it)", status: 1)
}
