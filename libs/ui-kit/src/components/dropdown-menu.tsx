import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { cn } from '../lib/cn';
import { PortalScopeBox } from '../lib/portal-scope';

export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuGroup = Menu.Group;

/** The menu, portalled to `<body>`; inside a remote it is wrapped in the nearest `PortalScope`'s class. */
export const DropdownMenuContent = forwardRef<
  ComponentRef<typeof Menu.Content>,
  ComponentPropsWithoutRef<typeof Menu.Content>
>(function DropdownMenuContent({ className, sideOffset = 4, ...props }, ref) {
  return (
    <Menu.Portal>
      <PortalScopeBox>
        <Menu.Content
          ref={ref}
          sideOffset={sideOffset}
          className={cn(
            'z-50 min-w-[8rem] overflow-hidden rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-md',
            className,
          )}
          {...props}
        />
      </PortalScopeBox>
    </Menu.Portal>
  );
});

export const DropdownMenuItem = forwardRef<ComponentRef<typeof Menu.Item>, ComponentPropsWithoutRef<typeof Menu.Item>>(
  function DropdownMenuItem({ className, ...props }, ref) {
    return (
      <Menu.Item
        ref={ref}
        className={cn(
          'relative flex cursor-pointer select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none transition-colors focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:size-4',
          className,
        )}
        {...props}
      />
    );
  },
);

export const DropdownMenuLabel = forwardRef<ComponentRef<typeof Menu.Label>, ComponentPropsWithoutRef<typeof Menu.Label>>(
  function DropdownMenuLabel({ className, ...props }, ref) {
    return <Menu.Label ref={ref} className={cn('px-2 py-1.5 text-sm font-semibold', className)} {...props} />;
  },
);

export const DropdownMenuSeparator = forwardRef<
  ComponentRef<typeof Menu.Separator>,
  ComponentPropsWithoutRef<typeof Menu.Separator>
>(function DropdownMenuSeparator({ className, ...props }, ref) {
  return <Menu.Separator ref={ref} className={cn('-mx-1 my-1 h-px bg-border', className)} {...props} />;
});
