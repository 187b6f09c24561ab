/* floor_key: the least a compiled key-driven program can do, the bench's floor (make bench).
 *
 *   floor_key braille   Right/Left change a value (10, 0..90); each change ONLY calls brlapi_writeText
 *   floor_key speech    ... ONLY calls spd_say(SPD_TEXT)
 *   floor_key redraw    ... ONLY writes the value to the terminal (carriage return, value, erase to
 *                       the end of the line: one write())
 *   floor_key redraw+braille+speech   ... does those, in that order (any of the three, joined
 *                       by '+'): a11y-demo's order is the one written here, the least a program that
 *                       gives every key to braille, the screen and speech can do (the floors above
 *                       each do one of them alone). With more than one output, the redraw is the
 *                       two lines a11y-demo's range slider draws on a key at 80 columns (its label
 *                       line and its track in colours, about 210 bytes): a longer write takes
 *                       longer to reach the terminal, so the floor writes what a11y-demo writes.
 *   floor_key start     connects to both servers, writes one braille line ("start") and waits
 *
 * Raw-mode terminal, poll() on standard input; Enter or q ends it. Servers from the environment
 * (BRLAPI_HOST, BRLAPI_AUTH, SPEECHD_ADDRESS), never autospawned. Not part of the product: it is
 * built by scripts/bench.sh with the system's C compiler. */
#include <brlapi.h>
#include <libspeechd.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static int braille_open(void) {
    if (brlapi_openConnection(NULL, NULL) < 0) { brlapi_perror("brlapi_openConnection"); return -1; }
    if (brlapi_enterTtyModeWithPath(NULL, 0, NULL) < 0) { brlapi_perror("brlapi_enterTtyModeWithPath"); return -1; }
    return 0;
}

static SPDConnection *speech_open(void) {
    char *error = NULL;
    SPDConnectionAddress *address = spd_get_default_address(&error);
    SPDConnection *connection = address ? spd_open2("floor_key", NULL, NULL, SPD_MODE_THREADED, address, 0, &error) : NULL;
    if (!connection) fprintf(stderr, "floor_key: speech: %s\n", error ? error : "no address");
    return connection;
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "braille";
    /* What each key does, in order, and which servers the program connects to. */
    enum output { BRAILLE, SPEECH, REDRAW };
    enum output outputs[3];
    int count_outputs = 0, start = !strcmp(mode, "start"), key_braille = 0, key_speech = 0;
    if (!start) {
        char list[64];
        snprintf(list, sizeof list, "%s", mode);
        for (char *name = strtok(list, "+"); name; name = strtok(NULL, "+")) {
            enum output output;
            if (!strcmp(name, "braille")) { output = BRAILLE; key_braille = 1; }
            else if (!strcmp(name, "speech")) { output = SPEECH; key_speech = 1; }
            else if (!strcmp(name, "redraw")) output = REDRAW;
            else { fprintf(stderr, "floor_key: unknown output '%s' (braille, speech, redraw, or start)\n", name); return 2; }
            if (count_outputs == 3) { fprintf(stderr, "floor_key: at most three outputs\n"); return 2; }
            outputs[count_outputs++] = output;
        }
    }
    if (!start && count_outputs == 0) { fprintf(stderr, "floor_key: no output named\n"); return 2; }
    int braille = key_braille || start, speech = key_speech || start;
    SPDConnection *spd = NULL;
    if (braille && braille_open() < 0) return 3;
    if (speech && !(spd = speech_open())) return 3;
    if (start) brlapi_writeText(0, "start");
    if (key_braille) brlapi_writeText(0, "10");

    struct termios saved, raw;
    tcgetattr(0, &saved);
    raw = saved;
    cfmakeraw(&raw);
    tcsetattr(0, TCSANOW, &raw);

    int value = 10;
    char text[16], buffer[256];
    size_t pending = 0;
    for (int done = 0; !done;) {
        struct pollfd fd = { .fd = 0, .events = POLLIN };
        if (poll(&fd, 1, -1) <= 0) continue;
        ssize_t count = read(0, buffer + pending, sizeof buffer - pending);
        if (count <= 0) break;
        pending += (size_t)count;
        int next = value;
        size_t used = 0;
        while (used < pending) {
            if (pending - used >= 3 && !memcmp(buffer + used, "\033[C", 3)) { next = next < 90 ? next + 1 : next; used += 3; }
            else if (pending - used >= 3 && !memcmp(buffer + used, "\033[D", 3)) { next = next > 0 ? next - 1 : next; used += 3; }
            else if (buffer[used] == '\r' || buffer[used] == '\n' || buffer[used] == 'q') { done = 1; break; }
            else if (buffer[used] == '\033' && pending - used < 3) break;
            else used++;
        }
        memmove(buffer, buffer + used, pending - used);
        pending -= used;
        if (next != value && !done) {
            value = next;
            snprintf(text, sizeof text, "%d", value);
            for (int index = 0; index < count_outputs; index++) {
                if (outputs[index] == BRAILLE) brlapi_writeText(0, text);
                if (outputs[index] == SPEECH) spd_say(spd, SPD_TEXT, text);
                if (outputs[index] == REDRAW) {
                    char line[512];
                    int length = count_outputs == 1 ? snprintf(line, sizeof line, "\r%s\033[K", text)
                        : snprintf(line, sizeof line, "\033[1A\r\033[1mPrice: %s to 90\033[0m\033[K\033[1B\r\033[36m%s\033[0m "
                                   "\033[100m%*s\033[0m\033[1;47m  \033[0m\033[44m%*s\033[0m\033[47m \033[0m\033[100m%9s\033[0m "
                                   "\033[36m90\033[0m\033[K\r\033[%dC", text, text, value % 60, "", 60 - value % 60, "", "", value % 60 + 3);
                    if (write(1, line, (size_t)length) < 0) done = 1;
                }
            }
        }
    }
    tcsetattr(0, TCSANOW, &saved);
    if (braille) { brlapi_leaveTtyMode(); brlapi_closeConnection(); }
    if (spd) spd_close(spd);
    printf("%d 90\n", value);
    return 0;
}
