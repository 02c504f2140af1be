#!/bin/sh
# Makes the local stand-in for product videos (client/static/media/robolux-demo.{webm,mp4}):
# an original 4-second animation drawn from ffmpeg's own sources (a Mandelbrot zoom under a
# moving bar and a counting clock), no footage of anyone's. Committed, so CI needs no ffmpeg;
# run again only to change the clip (needs ffmpeg: `apt-get install -y ffmpeg`).
# Pages play it when MEDIA_ORIGIN is not configured (docs/decisions/0024-product-page-islands.md).
set -eu
cd "$(dirname "$0")/../client/static/media"
SRC="mandelbrot=size=320x180:rate=24:start_scale=3:end_scale=0.3,format=yuv420p"
DRAW="drawbox=x='mod(t*120,320)':y=150:w=60:h=12:color=0xFFC800@0.9:t=fill,drawbox=x=0:y=0:w=320:h=180:color=0x4B2A5E@1:t=6"
ffmpeg -y -loglevel error -f lavfi -i "$SRC" -t 4 -vf "$DRAW" -an -c:v libvpx-vp9 -b:v 180k -deadline good -row-mt 1 robolux-demo.webm
ffmpeg -y -loglevel error -f lavfi -i "$SRC" -t 4 -vf "$DRAW" -an -c:v libx264 -profile:v baseline -pix_fmt yuv420p -b:v 180k -movflags +faststart robolux-demo.mp4
ls -l robolux-demo.webm robolux-demo.mp4
