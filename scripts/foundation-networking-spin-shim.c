// An experiment, never part of the workbook: loaded with LD_PRELOAD, it keeps libdispatch from
// asking epoll for a socket's writability while it also asks for its readability, which is the
// state FoundationNetworking leaves a fresh connection in once libcurl waits for an answer (see
// scripts/foundation-networking-spin). With it, a waiting request costs no processor time, so a
// suite run under it shows what the busy wait costs. A socket that really needs writability while
// it reads, an upload larger than the send buffer, stalls under it: such tests fail.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <string.h>
#include <sys/epoll.h>

typedef int (*epoll_ctl_function)(int, int, int, struct epoll_event *);

int epoll_ctl(int epoll, int operation, int descriptor, struct epoll_event *event) {
    static epoll_ctl_function system_epoll_ctl;
    if (!system_epoll_ctl) system_epoll_ctl = (epoll_ctl_function)dlsym(RTLD_NEXT, "epoll_ctl");
    int registers = operation == EPOLL_CTL_ADD || operation == EPOLL_CTL_MOD;
    if (event && registers && (event->events & EPOLLIN) && (event->events & EPOLLOUT)) {
        Dl_info caller;
        if (dladdr(__builtin_return_address(0), &caller) && caller.dli_fname
            && strstr(caller.dli_fname, "libdispatch")) {
            struct epoll_event reading = *event;
            reading.events &= ~EPOLLOUT;
            return system_epoll_ctl(epoll, operation, descriptor, &reading);
        }
    }
    return system_epoll_ctl(epoll, operation, descriptor, event);
}
