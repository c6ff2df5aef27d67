@echo off
rem Sets up xlbridge's Excel functions for the classic xlwings add-in (Windows).
rem Does the automatable part of install\windows\README.md: steps 1-3.
rem Close Excel first, then double-click this file or run it from a Command Prompt.
rem Extra arguments go to "xlbridge addin", e.g.:  install.cmd --force
setlocal
cd /d "%~dp0..\.."

set PY=python
where py >nul 2>nul && set PY=py

echo 1. Installing xlbridge (and xlwings) into Python ...
%PY% -m pip install --upgrade . || goto failed
echo 2. Installing the xlwings add-in into Excel ...
%PY% -m xlwings.cli addin install || goto failed
echo 3. Writing the add-in's settings ...
%PY% -m xlbridge addin %* || goto failed
echo.
echo The automatic part is done: now do the steps printed above, in Excel.
pause
exit /b 0

:failed
echo.
echo That step failed: see the message above and install\windows\README.md.
pause
exit /b 1
