; Inno Setup script: wraps dist\referee-app\ (built by scripts/build_app.sh) in an installer
; that puts the desk in the Start menu. Run by .github/workflows/app.yml on Windows (ci and release),
; which then installs it silently (/VERYSILENT /CURRENTUSER /DIR=...) and smoke-runs the installed app.
[Setup]
AppName=Referee Desk
AppVersion=0.1.0
AppPublisher=The 10-ball referee desk developers
DefaultDirName={autopf}\Referee Desk
DefaultGroupName=Referee Desk
OutputDir=..\..\dist\installer
OutputBaseFilename=referee-app-windows-setup
Compression=lzma2
SolidCompression=yes
LicenseFile=..\..\LICENSE
PrivilegesRequiredOverridesAllowed=commandline dialog

[Files]
Source: "..\..\dist\referee-app\*"; DestDir: "{app}"; Flags: recursesubdirs ignoreversion

[Icons]
Name: "{group}\Referee Desk"; Filename: "{app}\referee-app.exe"
Name: "{group}\Referee Desk (demo matches)"; Filename: "{app}\referee-app.exe"; Parameters: "--demo"
