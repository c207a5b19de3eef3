/// The pages' styles and scripts, from the files beside this one, which the package embeds into
/// the module when it is built (`.embedInCode` in Package.swift).
enum PageAssets {
  /// `page.css`: the styles of every DevTools page.
  static let styles = String(decoding: PackageResources.page_css, as: UTF8.self)
  /// `session.js`: the session page's script (timeline check, arrow keys).
  static let sessionScript = String(decoding: PackageResources.session_js, as: UTF8.self)
  /// `inspector.js`: the live inspector page's script (WebSocket, controls).
  static let inspectorScript = String(decoding: PackageResources.inspector_js, as: UTF8.self)
}
