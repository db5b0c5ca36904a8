# The Expo module's iOS half as one CocoaPods module: the Swift runtime, the Core Haptics
# player and the module (copied into ios/Vendor by scripts/vendor, which `npm pack` runs).
require 'json'

package = JSON.parse(File.read(File.join(__dir__, '..', 'package.json')))

Pod::Spec.new do |s|
  s.name           = 'HapticPolicyExpo'
  s.version        = package['version']
  s.summary        = package['description']
  s.license        = package['license']
  s.author         = 'HapticPolicy'
  s.homepage       = 'https://github.com/hapticpolicy/hapticpolicy'
  s.platforms      = { :ios => '15.1' }
  s.swift_version  = '6.0'
  s.source         = { git: '' }
  s.static_framework = true

  s.dependency 'ExpoModulesCore'
  s.frameworks = 'CoreHaptics', 'UIKit'

  # The runtime declares `package` members; one module needs a package name for them.
  s.pod_target_xcconfig = {
    'DEFINES_MODULE' => 'YES',
    'OTHER_SWIFT_FLAGS' => '-package-name HapticPolicy',
  }
  s.source_files = 'Vendor/**/*.swift'
end
