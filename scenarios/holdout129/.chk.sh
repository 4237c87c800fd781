#!/bin/bash
for u in "$@"; do n=$(echo "$u" | tr A-Z a-z | sed 's#/*$##'); if grep -qxF "$n" .scratch_earlier_urls; then echo "USED  $u"; else echo "new   $u"; fi; done
