#!/bin/sh
# Regenerates the simulator's sample videos (run from this folder with Debian's ffmpeg).
# Each clip: 320x180, 3 s, 24 fps, H.264 (yuv420p, faststart so players can seek before the end arrives),
# the family and model burned in with a running timecode; clips for audio-capable models carry a quiet tone.
set -eu
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
clip() { # name pattern colour label audio(yes|no)
  text="drawtext=fontfile=$FONT:text='$4':fontcolor=white:fontsize=15:box=1:boxcolor=black@0.6:boxborderw=6:x=(w-tw)/2:y=16"
  time="drawtext=fontfile=$FONT:text='%{pts\:hms}':fontcolor=white:fontsize=16:box=1:boxcolor=black@0.6:boxborderw=4:x=(w-tw)/2:y=h-th-16"
  tint="colorchannelmixer=rr=0.6:gg=0.6:bb=0.6,drawbox=c=$3@0.35:t=fill"
  if [ "$5" = yes ]; then
    ffmpeg -y -v error -f lavfi -i "$2=size=320x180:rate=24:duration=3" -f lavfi -i "sine=frequency=440:duration=3" \
      -vf "$tint,$text,$time" -c:v libx264 -preset veryslow -crf 30 -pix_fmt yuv420p -g 24 \
      -af "volume=0.2" -c:a aac -b:a 32k -ac 1 -movflags +faststart -metadata comment="gateway simulator sample" "$1"
  else
    ffmpeg -y -v error -f lavfi -i "$2=size=320x180:rate=24:duration=3" \
      -vf "$tint,$text,$time" -c:v libx264 -preset veryslow -crf 30 -pix_fmt yuv420p -g 24 \
      -movflags +faststart -metadata comment="gateway simulator sample" "$1"
  fi
}
clip famA.mp4 testsrc2 blue 'SIMULATED  family A  famA-2' yes
clip famB.mp4 testsrc red 'SIMULATED  family B  famB' yes
clip famC.mp4 smptebars green 'SIMULATED  family C  famC-2.5' yes
clip famD.mp4 rgbtestsrc orange 'SIMULATED  family D  famD-1-0' no
clip famD-audio.mp4 testsrc2 purple 'SIMULATED  family D  famD-1-5 audio' yes
clip console.mp4 smptehdbars gray 'SIMULATED  console video' no
