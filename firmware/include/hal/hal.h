#ifndef FW_HAL_HAL_H
#define FW_HAL_HAL_H
#include <hal/mmio.h>
#include <hal/uart.h>
#include <hal/clint.h>
#include <hal/plic.h>
#include <hal/finisher.h>
#include <hal/marker.h>
#include <hal/irq.h>
#endif
