import Foundation

/// A recurring meeting: who attends, how long it runs, and the meetings held so far.
public struct SyncUp: Identifiable, Codable, Equatable, Sendable {
  /// Its id, fixed for its life.
  public let id: UUID
  /// Who speaks, in order.
  public var attendees: [Attendee]
  /// How long a meeting runs.
  public var duration: Duration
  /// The meetings held, newest first.
  public var meetings: [Meeting]
  /// Its colour.
  public var theme: Theme
  /// Its name.
  public var title: String

  /// A sync-up; the defaults are those of a new one.
  public init(
    id: UUID, attendees: [Attendee] = [], duration: Duration = .seconds(5 * 60),
    meetings: [Meeting] = [], theme: Theme = .bubblegum, title: String = ""
  ) {
    self.id = id
    self.attendees = attendees
    self.duration = duration
    self.meetings = meetings
    self.theme = theme
    self.title = title
  }

  /// Each attendee's share of the meeting, in whole seconds (at least one).
  public var secondsPerAttendee: Int {
    max(Int(duration.components.seconds) / max(attendees.count, 1), 1)
  }
}

/// Someone who speaks at a sync-up.
public struct Attendee: Identifiable, Codable, Equatable, Sendable {
  /// Its id.
  public let id: UUID
  /// The attendee's name; empty in a row not filled in yet.
  public var name: String

  /// An attendee.
  public init(id: UUID, name: String = "") {
    self.id = id
    self.name = name
  }
}

/// One meeting held: when, and what the speech recognizer heard.
public struct Meeting: Identifiable, Codable, Equatable, Sendable {
  /// Its id.
  public let id: UUID
  /// When it was saved.
  public let date: Date
  /// What the speech recognizer heard.
  public var transcript: String

  /// A meeting.
  public init(id: UUID, date: Date, transcript: String) {
    self.id = id
    self.date = date
    self.transcript = transcript
  }
}

/// A sync-up's colour.
public enum Theme: String, CaseIterable, Codable, Equatable, Sendable {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  case bubblegum, buttercup, indigo, lavender, magenta, navy, orange, oxblood, periwinkle, poppy
  case purple, seafoam, sky, tan, teal, yellow
}
