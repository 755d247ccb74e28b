// The umbrella module user code imports: `import Flipbook` brings in the layer and view APIs,
// as `import UIKit` does on iOS.
@_exported import Foundation
@_exported import Layers
@_exported import Views
// Foundation and Views both declare `Timer`. A scoped import takes precedence over whole-module
// imports in name lookup, and re-exported it does so for every file that imports Flipbook: plain
// `Timer` is Views' media-clock timer there (`Foundation.Timer` names Foundation's).
@_exported import class Views.Timer
