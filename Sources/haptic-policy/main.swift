import Foundation
import HapticPolicyCLI

exit(HapticPolicyTool.main(Array(CommandLine.arguments.dropFirst())))
