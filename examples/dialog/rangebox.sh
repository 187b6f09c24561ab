#!/bin/sh
# dialog's rangebox sample (dialog's samples/rangebox), ported to a11y-demo by changing only the
# program's name:  DIALOG=a11y-demo sh rangebox.sh   (with DIALOG unset it runs dialog itself).
: "${DIALOG=dialog}"
: "${DIALOG_OK=0}"
: "${DIALOG_CANCEL=1}"
: "${DIALOG_ESC=255}"

exec 3>&1
value=$($DIALOG --title "RANGE BOX" --rangebox "Please set the volume..." 0 60 0 6 5 2>&1 1>&3)
retval=$?
exec 3>&-

case $retval in
$DIALOG_OK) echo "Result is $value" ;;
$DIALOG_CANCEL) echo "Cancel pressed." ;;
$DIALOG_ESC) echo "ESC pressed." ;;
*) echo "Unexpected status $retval." ;;
esac
